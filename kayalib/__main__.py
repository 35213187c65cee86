from kayalib.cli import main

raise SystemExit(main())
