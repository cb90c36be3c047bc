"""Front ends: model text (.loop) into the IR."""
