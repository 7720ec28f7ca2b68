from lecturekit.cli import main

main()
