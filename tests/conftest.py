"""Shared by the whole suite. Being a conftest.py in a directory without ``__init__.py``, it
puts ``tests/`` on ``sys.path``, so every test module can import ``both_engines``."""
