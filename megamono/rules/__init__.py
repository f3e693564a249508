"""The rules core of megamono: stdlib + pydantic only; never imports textual or rich."""
