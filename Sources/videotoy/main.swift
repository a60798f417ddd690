print("videotoy")
