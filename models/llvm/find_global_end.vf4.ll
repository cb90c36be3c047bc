; ModuleID = 'find_global_end.scalar.ll'
source_filename = "c/find_global_end.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@primes = internal constant [16 x i32] [i32 2, i32 3, i32 5, i32 7, i32 11, i32 13, i32 17, i32 19, i32 23, i32 29, i32 31, i32 37, i32 41, i32 43, i32 47, i32 53], align 16

; Function Attrs: nofree norecurse nosync nounwind memory(none) uwtable
define dso_local nonnull ptr @find_global_end(i32 noundef %0) local_unnamed_addr #0 {
  br label %vector.ph

vector.ph:                                        ; preds = %1
  %broadcast.splatinsert = insertelement <4 x i32> poison, i32 %0, i64 0
  %broadcast.splat = shufflevector <4 x i32> %broadcast.splatinsert, <4 x i32> poison, <4 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %offset.idx = mul i64 %index, 4
  %2 = getelementptr inbounds nuw i8, ptr @primes, i64 %offset.idx
  %wide.load = load <4 x i32>, ptr %2, align 4, !tbaa !5
  %3 = icmp eq <4 x i32> %wide.load, %broadcast.splat
  %index.next = add nuw i64 %index, 4
  %4 = freeze <4 x i1> %3
  %5 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %4)
  %6 = icmp eq i64 %index.next, 16
  %7 = or i1 %5, %6
  br i1 %7, label %middle.split, label %vector.body, !llvm.loop !9

middle.split:                                     ; preds = %vector.body
  br i1 %5, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %13

vector.early.exit:                                ; preds = %middle.split
  %8 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %3, i1 false)
  %9 = add i64 %index, %8
  %10 = mul i64 %9, 4
  br label %11

11:                                               ; preds = %vector.early.exit
  %12 = getelementptr inbounds nuw i8, ptr @primes, i64 %10
  br label %14

13:                                               ; preds = %middle.block
  br label %14

14:                                               ; preds = %13, %11
  %15 = phi ptr [ %12, %11 ], [ getelementptr inbounds nuw (i8, ptr @primes, i64 64), %13 ]
  ret ptr %15
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = distinct !{!9, !10, !11, !12, !13}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = !{!"llvm.loop.isvectorized", i32 1}
!13 = !{!"llvm.loop.unroll.runtime.disable"}
