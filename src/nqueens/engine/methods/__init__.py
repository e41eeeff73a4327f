"""The counting methods, one package each (backtrack, join, numpy, python), each with a
`METHOD` object that meets `engine.counter.Counter` and that the registry names."""
