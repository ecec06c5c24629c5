curl --data @- localhost:28139
