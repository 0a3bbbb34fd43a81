from kgtest.cli.main import main

main()
