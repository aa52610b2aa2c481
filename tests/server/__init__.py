"""Over-the-wire acceptance tests of the seedbed server (issue 6)."""
