"""Tragedy Looper: rules data, engine, views and scripts."""
