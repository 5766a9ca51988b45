"""Real-browser tests (headless Chromium) of the website and the live apps."""
