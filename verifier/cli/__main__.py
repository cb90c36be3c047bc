"""`python -m verifier.cli`: the command line."""

from verifier.cli import main

main()
