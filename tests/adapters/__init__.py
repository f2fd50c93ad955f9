"""Tests of ``outlaws.adapters``: the research interfaces, batched environments and
learned policies."""
