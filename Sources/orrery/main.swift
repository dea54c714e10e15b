print("orrery")
