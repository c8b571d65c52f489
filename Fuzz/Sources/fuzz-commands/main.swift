import FuzzSupport

Driver.run(fuzzCommands)
