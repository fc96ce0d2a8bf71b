"""The app's views: one per tab (Audit is the base the others share)."""
