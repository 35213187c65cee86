"""The test suite, one package: every module is imported as ``tests.<folder>.<module>``."""
