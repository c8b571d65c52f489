import FuzzSupport

Driver.run(fuzzRules)
