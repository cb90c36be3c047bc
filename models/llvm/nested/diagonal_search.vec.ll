; ModuleID = 'diagonal_search.scalar.ll'
source_filename = "c/diagonal_search.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@sq = dso_local local_unnamed_addr global [16 x [64 x i32]] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local void @diagonal_search(i32 noundef %0, ptr noundef writeonly captures(none) %1) local_unnamed_addr #0 {
  br label %3

3:                                                ; preds = %19, %2
  %4 = phi i64 [ 0, %2 ], [ %22, %19 ]
  %5 = getelementptr inbounds nuw [64 x i32], ptr @sq, i64 %4
  br label %7

6:                                                ; preds = %19
  ret void

7:                                                ; preds = %12, %3
  %8 = phi i64 [ %4, %3 ], [ %13, %12 ]
  %9 = getelementptr inbounds nuw i32, ptr %5, i64 %8
  %10 = load i32, ptr %9, align 4, !tbaa !5
  %11 = icmp eq i32 %10, %0
  br i1 %11, label %15, label %12

12:                                               ; preds = %7
  %13 = add nuw nsw i64 %8, 1
  %14 = icmp eq i64 %13, 64
  br i1 %14, label %18, label %7, !llvm.loop !9

15:                                               ; preds = %7
  %16 = phi i64 [ %8, %7 ]
  %17 = trunc nuw nsw i64 %16 to i32
  br label %19

18:                                               ; preds = %12
  br label %19

19:                                               ; preds = %18, %15
  %20 = phi i32 [ %17, %15 ], [ 64, %18 ]
  %21 = getelementptr inbounds nuw i32, ptr %1, i64 %4
  store i32 %20, ptr %21, align 4, !tbaa !5
  %22 = add nuw nsw i64 %4, 1
  %23 = icmp eq i64 %22, 16
  br i1 %23, label %6, label %3, !llvm.loop !12
}

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: write, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }

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
!9 = distinct !{!9, !10, !11}
!10 = !{!"llvm.loop.mustprogress"}
!11 = !{!"llvm.loop.unroll.disable"}
!12 = distinct !{!12, !10, !11}
