from kcal.cli.app import main

main()
