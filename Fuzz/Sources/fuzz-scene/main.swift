import FuzzSupport

Driver.run(fuzzScene)
