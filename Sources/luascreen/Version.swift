let luascreenVersion = "0.1.0"
