"""The ``live`` screen: the shoe in play at the table, redrawn in place (textual, optional extra ``live``)."""
