// The URLSession transport arrives here.
