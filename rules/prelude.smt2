; rules/prelude.smt2: the vocabulary every rule condition may use (docs/facts.md). Codes are pto-lint's own.
; TileType (pto-ops-facts.md §1.2; upstream type.hpp:123-134 names)
(define-fun VEC () Int 0) (define-fun MAT () Int 1) (define-fun LEFT () Int 2) (define-fun RIGHT () Int 3)
(define-fun ACC () Int 4) (define-fun BIAS () Int 5) (define-fun SCALING () Int 6) (define-fun SCALELEFT () Int 7)
(define-fun SCALERIGHT () Int 8) (define-fun CTRL () Int 9)
; element types
(define-fun I8 () Int 1) (define-fun U8 () Int 2) (define-fun I16 () Int 3) (define-fun U16 () Int 4)
(define-fun I32 () Int 5) (define-fun U32 () Int 6) (define-fun I64 () Int 7) (define-fun U64 () Int 8)
(define-fun F16 () Int 9) (define-fun BF16 () Int 10) (define-fun F32 () Int 11) (define-fun F64 () Int 12)
; PTOAS's low-precision element types (ptoas lib/PTO/IR/PTOTypeUtils.cpp:93-118, include/PTO/IR/PTOTypeDefs.td:364-425):
; FP8 E4M3 (f8E4M3FN and the other E4M3 encodings) and E5M2, HiFloat8, the E8M0 scale, packed pairs of two HiFloat8,
; two FP4 (E1M2, E2M1; one byte) and two bf16 (four bytes)
(define-fun F8E4M3 () Int 13) (define-fun F8E5M2 () Int 14) (define-fun HIF8 () Int 15) (define-fun F8E8M0 () Int 16)
(define-fun HIF8X2 () Int 17) (define-fun F4E1M2X2 () Int 18) (define-fun F4E2M1X2 () Int 19) (define-fun BF16X2 () Int 20)
(define-fun lowprec ((x Int)) Bool (and (>= x F8E4M3) (<= x BF16X2)))
; BLayout and SLayout
(define-fun B_ROWMAJOR () Int 0) (define-fun B_COLMAJOR () Int 1)
(define-fun S_NONEBOX () Int 0) (define-fun S_ROWMAJOR () Int 1) (define-fun S_COLMAJOR () Int 2)
; arithmetic helpers (arguments are non-negative where they are used)
(define-fun min2 ((a Int) (b Int)) Int (ite (<= a b) a b))
(define-fun max2 ((a Int) (b Int)) Int (ite (>= a b) a b))
(define-fun ceildiv ((a Int) (b Int)) Int (div (+ a (- b 1)) b))
(define-fun roundup ((a Int) (m Int)) Int (* (ceildiv a m) m))
(define-fun in2 ((x Int) (a Int) (b Int)) Bool (or (= x a) (= x b)))
(define-fun in4 ((x Int) (a Int) (b Int) (c Int) (d Int)) Bool (or (= x a) (= x b) (= x c) (= x d)))
; C integer division and remainder (truncate toward zero), for values the front end translates from C++
(define-fun cdiv ((a Int) (b Int)) Int
  (ite (>= a 0) (ite (>= b 0) (div a b) (- (div a (- b)))) (ite (>= b 0) (- (div (- a) b)) (div (- a) (- b)))))
(define-fun crem ((a Int) (b Int)) Int (- a (* b (cdiv a b))))
