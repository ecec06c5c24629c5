print("tern-bench: not built yet")
