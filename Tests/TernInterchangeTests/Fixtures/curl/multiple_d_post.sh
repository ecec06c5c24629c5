curl -s 'http://localhost:28139/webservices/rest.php' -d 'version=1.2' -d "auth_user=fdgxf" -d "auth_pwd=oxfdscds" -d 'json_data={ "operation": "core/get", "class": "Software", "key": "key" }'
