"""lecturekit studio: review a lecture in the browser.

`server` serves the page and its data, `review` builds that data from the plan and the check,
`renders` runs the background renders and watches the files, `warm` keeps a still renderer
ready; `static/` holds the page (plain HTML, CSS and JavaScript).
"""
