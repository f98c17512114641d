//! Assembler for the project's machines: one shared core (symbols, expressions, listings,
//! errors) and a front end per dialect.
