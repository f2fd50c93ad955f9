"""The tests of the outlaws package; tests/README.md says how to run them."""
