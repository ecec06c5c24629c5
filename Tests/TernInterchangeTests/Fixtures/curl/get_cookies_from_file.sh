curl -b cookie.txt http://localhost:28139/
