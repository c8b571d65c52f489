print("handoff")
