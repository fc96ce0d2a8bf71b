"""Widgets the views and the app share: tables, the preview, the header, the footer."""
