"""Tests of the web table in Chromium against a live server (marked ``browser``)."""
