"""A catalogue: many lectures rendered by one command on one pool of workers, resumable, with a
report (`catalogue.json`, `catalogue.html`) a producer reads."""
