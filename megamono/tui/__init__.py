"""The Textual app of megamono: screens, dialogs and widgets over :mod:`megamono.rules`."""
