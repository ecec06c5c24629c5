curl -L http://localhost:28139
