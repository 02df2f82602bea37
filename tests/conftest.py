"""Shared test configuration; fixtures used by several layers go here."""
