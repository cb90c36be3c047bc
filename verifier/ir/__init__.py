"""The IR: SSA values in basic blocks with phis and branches (plain data)."""
