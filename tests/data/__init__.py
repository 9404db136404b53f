"""Recorded truth for the tests: the golden event streams of the search machinery."""
