"""verifier: SMT proofs and counterexamples for vectorizing loops with early exits.

Pipeline (docs/architecture.md): frontend -> ir -> analysis -> (transforms) -> semantics
(concrete interpreter and z3 encoder, one definition) -> checks -> reports -> cli.
"""

__version__ = "0.1.0"
