print("explorer")
