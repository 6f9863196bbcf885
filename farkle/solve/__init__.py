"""farkle.solve: exact solutions of Farkle decision problems.

host-only: uses numpy and fractions; the board reads the policy tables these produce
(``farkle/policies/``) instead of importing this package.
"""
