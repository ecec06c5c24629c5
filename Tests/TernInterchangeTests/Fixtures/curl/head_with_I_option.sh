curl -I http://localhost:28139/page
