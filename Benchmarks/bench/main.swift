import BenchmarkHarness
print("bench: not yet implemented")
