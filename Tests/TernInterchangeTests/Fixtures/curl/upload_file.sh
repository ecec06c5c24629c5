# https://github.com/curlconverter/curlconverter/issues/55
curl http://localhost:28139 --upload-file file.txt
