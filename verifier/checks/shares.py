"""The shares of one obligation's budget that the checks' phases take, in one table:
where each phase's limit comes from (the budget itself, units and the meter, is
smt/budget.py). Shares are of the whole budget unless said otherwise; floors and caps
are seconds of budget. A check spends a share by name (`budget.share(SHORT_SHARE)`),
never by a number written where it is spent (tests/test_budget.py holds that)."""

VACUITY_EXACT = 5.0  # the exact vacuity question after a proof with operations abstracted
MINIMIZE_LEAST = 0.1  # a refinement counterexample's minimizer, at least, when the solver took the rest
MINIMIZE_ATTEMPT = 5.0  # one minimizing attempt at most ...
MINIMIZE_PER_SOLVE = 4  # ... and at most this many times what the question itself took;
MINIMIZE_SOLVES = 20  # the whole minimizer at most this many times that (5 s at least)
MINIMIZE_SHARE, MINIMIZE_FLOOR = 3.0, 1.0  # lockstep's minimizer: times its question's work, at least the floor
FREE_SHARE = 0.15  # lockstep's free step (every step at once)
FREE_FLOOR, FREE_PER_ENCODING = 1.0, 3.0  # its first try: a floor, or times its encoding's work
FREE_FLOOR_UNBOUNDED = 2.0  # ... where a proof for every trip count is asked for
FREE_SHARE_UNBOUNDED = 0.6  # ... where a proof for every trip count is asked for
TEST_SHARE = 0.05  # lockstep's concrete tests after the free step's first try
SHRINK_SHARE = 0.5  # shrinking a concrete test's counterexample, of what its tests have left
COARSE_SHARE = 0.05  # a coarse window's speculation proof (added_ub): it proves in a fraction of a second, or not at all
REPAIR_SHARE = 0.25  # legality's repair advice, at least
LEAST_QUESTION = 0.05  # a repair stops with less than this left
SPLIT_AFTER = 2.0  # a lane claim in one query before it is asked pair by pair
LANE_RUN = 10  # a lane-evolution run as a whole, in per-fact budgets
SHORT_SHARE = 0.25  # a first look for a counterexample at a quarter of the bound (translation, refinement)
SHORT_MINIMIZE_SHARE = 0.125  # ... its minimizer, at most
ABSTRACT_SHARE, ABSTRACT_FLOOR = 0.25, 2.0  # a first attempt with divisions uninterpreted, at least the floor
ABSTRACT_STEPS_SHARE = 0.5  # ... in the chained check (lockstep), with the same floor
ABSTRACT_MINIMIZE = 5.0  # ... its minimizer, at most
INDUCTION_SHARE = 0.25  # translation's proof by induction before the bounded check
INDUCTION_SHARE_REMAINDER = 0.8  # ... where the target has a remainder loop: no bound covers its runs, and the
# bounded check after it only looks for a counterexample (a nest's inner search: 0.5 timed out)
BASE_CASE_SHARE = 0.5  # ... its base case (the code before the loops), of the induction's share
REMAINDER_SHARE = 0.5  # ... a remainder loop's step (LLVM's scalar loop), of the induction's share
TESTS_AFTER_INDUCTION_SHARE = 0.25  # translation's concrete tests where its induction did not close, of what is left
FIRST_ITERATION_SHARE = 0.8  # the forms' first vector iteration from the loop's start, of what is left ...
FIRST_ITERATION_MINIMIZE, FIRST_ITERATION_MINIMIZE_CAP = 0.2, 10.0  # ... and its minimizer, capped
PROBE_TEST_SHARE = 0.25  # concrete tests before a harness's solver questions (added_ub, repair)
WINDOW_SHARE = 0.25  # a speculation harness's window (one vector iteration from any state), of what is left
WINDOW_FIRST_SHARE = 0.25  # a parameter's start-of-object proof on the window before the bounded one
COMPLETION_LEAST = 0.25  # the completion of a bounded proof after the check, at least
