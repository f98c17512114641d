                                                           FIRSTMOVES
                                                           9DEPR STAND-IN
*      FIRSTMOVES STAND-IN FOR 9DEPR, THE DIAGNOSTICS' SENSE SWITCH AND
*      ERROR ROUTINE (IBM'S 9DEPR IS NOT IN ../SHARED).  WRITTEN FROM THE
*      WRITE-UPS (9M04A.TXT PAGE 1.001-1.002, 9M02A.TXT SECTIONS D-E):
*      ENTRY POINTS  06503 ERROR-1, 06504 ERROR, 06511 OK (TSX ...,4)
*      ERROR HALTS   06517 AND 06545 (SWITCH 2 UP, SWITCH 3 DOWN), XRC
*                    HOLDS THE 2S COMPLEMENT OF THE CALLING LOCATION.
*      THE CALLS, AS THE PROGRAMS MAKE THEM -
*        TSX ERROR,4 AT E, TSX OK,4 AT E+1.
*        TSX OK,4 AT E, THE REPEAT TRANSFER AT E+1, THE TEST'S BCD NAME
*        (OR A NOP) AT E+2, THE NEXT TEST AT E+3.
*        TSX ERROR-1,4 AT E, THE REPEAT TRANSFER AT E+1, THE REST OF THE
*        TEST AT E+2 (SWITCH 1 DOWN REPEATS, AS AFTER OK).
*      AC, MQ, XRA, XRB AND THE INDICATORS ARE LEFT AS THEY WERE.  WITH
*      SWITCH 3 UP AN ERROR PRINTS ONE FIXED LINE (NOT IBM'S PRINT-OUT).
*      NUMBERS ARE DECIMAL (3392 IS 06500).
       REM
       ORG 3392
 S1    PZE              XRA WHILE COUNTING
 CNT   PZE              SWITCH 4 PASSES LEFT
 EFLG  PZE              NONZERO - AN ERROR IN THIS TEST
       TRA EONE         06503 ERROR-1
 ERROR SXA EFLG,4       06504 ERROR
       SWT 2             
       TRA EIND         SWITCH 2 UP - INDICATE IT
       TRA ERET         DOWN - BYPASS
 ERET  TRA 1,4          06510 BACK TO THE TSX OK,4
 OK    SWT 1            06511 OK
       TRA OSW4          
       TRA OREP         SWITCH 1 DOWN - REPEAT
 OSW4  SWT 4             
       TRA ONEXT        SWITCH 4 UP - NEXT TEST
       TRA OLOOP        DOWN - 40 PASSES
 HALT  HTR ERET         06517 ERROR STOP
 EIND  SWT 3             
       TRA EPRT         SWITCH 3 UP - PRINT
       TRA HALT         DOWN - HALT
 OREP  STZ EFLG          
       TRA 1,4           
 ONEXT STZ EFLG          
       STZ CNT           
       TRA 3,4          PAST THE BCD NAME
 EPRT  SXA PSV,2        XRB KEPT
       TSX PRINT,2       
       LXA PSV,2         
       TRA ERET          
       ORG 3424
 E1RET TRA E1GO         06540 GO ON
 EONE  SXA EFLG,4       06541
       SWT 2             
       TRA E1IND        SWITCH 2 UP - INDICATE IT
       TRA E1RET        DOWN - BYPASS
 HALT2 HTR E1RET        06545 ERROR STOP
 E1IND SWT 3             
       TRA E1PRT        SWITCH 3 UP - PRINT
       TRA HALT2        DOWN - HALT
 E1PRT SXA PSV,2        XRB KEPT
       TSX PRINT,2       
       LXA PSV,2         
       TRA E1RET         
 OLOOP SXA S1,1          
       LXA EFLG,1        
       TXH OERR,1,0     AN ERROR - NO MORE PASSES
       LXA CNT,1         
       TXH OCNT,1,0      
       AXT 40,1         FIRST PASS OF 40 (OCTAL 50)
 OCNT  TIX OMORE,1,1     
 OERR  LXA S1,1          
       TRA ONEXT         
 OMORE SXA CNT,1         
       LXA S1,1          
       TRA OREP          
 E1GO  SWT 1             
       TRA 2,4          SWITCH 1 UP - REST OF THE TEST
       TRA 1,4          DOWN - REPEAT
 PRINT WPRA             ONE FIXED LINE
       RCHA PCMD         
       TCOA *            
       TRA 1,2           
 PSV   PZE              XRB WHILE PRINTING
 PCMD  IOCD LINE,,24     
 LINE  BSS 24           THE IMAGE, FILLED IN BY THE DECK MAKER
       END
