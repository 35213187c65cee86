"""Settings shared by the whole test suite."""

from hypothesis import settings

# Property tests check rules, not speed: a shared 2-core CI machine must not fail them on time.
settings.register_profile("kayalib", deadline=None, print_blob=True)
settings.load_profile("kayalib")
