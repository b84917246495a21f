package zero
