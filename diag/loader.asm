                                                           FIRSTMOVES
                                                           LOADER
*      FIRSTMOVES HIGH LOADER FOR THE 709/7090 DIAGNOSTIC DECKS (9AP CARDS).
*      WRITTEN FOR FIRSTMOVES: IBM'S 9LD02A IS NOT IN ../SHARED.  ONE
*      SELF-LOADING CARD: WORDS 0-2 ARE READ BY LOAD CARDS, THE IOCD AT 0
*      BRINGS THE REST OF THE CARD (21 WORDS) TO 77750-77772.  NUMBERS ARE
*      DECIMAL, AS IN 9AP (32744 IS OCTAL 77750).
*      OBJECT CARD   9L = COUNT,,ADDRESS (READ AS THE CHANNEL'S IOCD)
*                    9R = END-AROUND SUM OF 9L AND THE DATA WORDS
*      TRANSFER CARD 9L = 0, 9R = TRA START (EXECUTED IN PLACE)
*      A WRONG SUM HALTS AT 77765 (HTR 77750).
       REM
       ORG 0
       IOCD 32744,,21   REST OF THE CARD
       TCOA 1           WAIT FOR IT
       TRA 32744        TO THE LOADER
       REM
       ORG 32744
 L     RCDA             NEXT CARD
       RCHA B           9L AND 9R TO B+1, B+2, THEN 9L IS THE IOCD
       TCOA *           WAIT FOR THE DATA
       CLA B+1          9L
       TZE B+2          ZERO - TRANSFER CARD, DO ITS 9R
       PDX 0,1          WORD COUNT
       PXA 0,1           
       ADD B+1          ADDRESS + COUNT
       STA X             
       CLA B+1          THE SUM STARTS WITH 9L
 X     ACL **,1         ADD EACH DATA WORD
       TIX X,1,1         
       LAS B+2          AGAINST 9R
       HTR L            WRONG SUM
       TRA L            RIGHT - NEXT CARD
       HTR L            WRONG SUM
 B     IOCP B+1,,2      COMMAND - 9L AND 9R, THEN GO ON AT B+1
       PZE              9L
       PZE              9R
       END
