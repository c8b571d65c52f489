import FuzzSupport

Driver.run(fuzzTrace)
