//! Findler's dama (1960): rules, search, figures of merit, learning, and the SILLIAC harness.
