; ModuleID = 'libc_nested.scalar.ll'
source_filename = "c/libc_nested.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@span_of.set = internal unnamed_addr constant [16 x i8] c" \09\0A\0D\0B\0C,;:.-_/|+\00", align 16

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @span_of(ptr noundef readonly captures(none) %0, i64 noundef %1) local_unnamed_addr #0 {
  %3 = icmp eq i64 %1, 0
  br i1 %3, label %17, label %4

4:                                                ; preds = %2
  br label %5

5:                                                ; preds = %12, %4
  %6 = phi i64 [ %13, %12 ], [ 0, %4 ]
  %7 = getelementptr inbounds nuw i8, ptr %0, i64 %6
  %8 = load i8, ptr %7, align 1, !tbaa !9
  br label %vector.ph

vector.ph:                                        ; preds = %5
  %broadcast.splatinsert = insertelement <16 x i8> poison, i8 %8, i64 0
  %broadcast.splat = shufflevector <16 x i8> %broadcast.splatinsert, <16 x i8> poison, <16 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.ph
  %wide.load = load <16 x i8>, ptr @span_of.set, align 1, !tbaa !9
  %9 = icmp eq <16 x i8> %wide.load, %broadcast.splat
  %10 = freeze <16 x i1> %9
  %11 = call i1 @llvm.vector.reduce.or.v16i1(<16 x i1> %10)
  br i1 %11, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %vector.body
  br label %15

vector.early.exit:                                ; preds = %vector.body
  br label %12

12:                                               ; preds = %vector.early.exit
  %13 = add nuw i64 %6, 1
  %14 = icmp eq i64 %13, %1
  br i1 %14, label %16, label %5, !llvm.loop !10

15:                                               ; preds = %middle.block
  br label %17

16:                                               ; preds = %12
  br label %17

17:                                               ; preds = %16, %15, %2
  %18 = phi i64 [ 0, %2 ], [ %6, %15 ], [ %1, %16 ]
  ret i64 %18
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @first_in_table(ptr noundef readonly captures(none) %0, i64 noundef %1, ptr noundef readonly align 1 captures(none) dereferenceable(32) %2) local_unnamed_addr #0 {
  %4 = icmp sgt i64 %1, 0
  br i1 %4, label %.preheader, label %18

.preheader:                                       ; preds = %3
  br label %5

5:                                                ; preds = %.preheader, %15
  %6 = phi i64 [ %16, %15 ], [ 0, %.preheader ]
  %7 = getelementptr inbounds nuw i8, ptr %0, i64 %6
  %8 = load i8, ptr %7, align 1, !tbaa !9
  br label %vector.ph

vector.ph:                                        ; preds = %5
  %broadcast.splatinsert = insertelement <16 x i8> poison, i8 %8, i64 0
  %broadcast.splat = shufflevector <16 x i8> %broadcast.splatinsert, <16 x i8> poison, <16 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %9 = getelementptr inbounds nuw i8, ptr %2, i64 %index
  %wide.load = load <16 x i8>, ptr %9, align 1, !tbaa !9
  %10 = icmp eq <16 x i8> %wide.load, %broadcast.splat
  %index.next = add nuw i64 %index, 16
  %11 = freeze <16 x i1> %10
  %12 = call i1 @llvm.vector.reduce.or.v16i1(<16 x i1> %11)
  %13 = icmp eq i64 %index.next, 32
  %14 = or i1 %12, %13
  br i1 %14, label %middle.split, label %vector.body, !llvm.loop !13

middle.split:                                     ; preds = %vector.body
  br i1 %12, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %15

vector.early.exit:                                ; preds = %middle.split
  br label %.loopexit

15:                                               ; preds = %middle.block
  %16 = add nuw nsw i64 %6, 1
  %17 = icmp eq i64 %16, %1
  br i1 %17, label %.loopexit1, label %5, !llvm.loop !16

.loopexit:                                        ; preds = %vector.early.exit
  br label %18

.loopexit1:                                       ; preds = %15
  br label %18

18:                                               ; preds = %.loopexit1, %.loopexit, %3
  %19 = phi i64 [ -1, %3 ], [ %6, %.loopexit ], [ -1, %.loopexit1 ]
  ret i64 %19
}

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable
define dso_local i64 @find4(ptr noundef readonly captures(none) %0, i64 noundef %1, ptr noundef readonly align 1 captures(none) dereferenceable(4) %2) local_unnamed_addr #0 {
  %4 = icmp slt i64 %1, 4
  br i1 %4, label %22, label %.preheader

.preheader:                                       ; preds = %3
  br label %5

5:                                                ; preds = %.preheader, %18
  %6 = phi i64 [ %19, %18 ], [ 0, %.preheader ]
  %7 = getelementptr inbounds nuw i8, ptr %0, i64 %6
  br label %8

8:                                                ; preds = %15, %5
  %9 = phi i64 [ 0, %5 ], [ %16, %15 ]
  %10 = getelementptr inbounds nuw i8, ptr %7, i64 %9
  %11 = load i8, ptr %10, align 1, !tbaa !9
  %12 = getelementptr inbounds nuw i8, ptr %2, i64 %9
  %13 = load i8, ptr %12, align 1, !tbaa !9
  %14 = icmp eq i8 %11, %13
  br i1 %14, label %15, label %18

15:                                               ; preds = %8
  %16 = add nuw nsw i64 %9, 1
  %17 = icmp eq i64 %16, 4
  br i1 %17, label %.loopexit, label %8, !llvm.loop !17

18:                                               ; preds = %8
  %19 = add nuw nsw i64 %6, 1
  %20 = add nuw nsw i64 %6, 5
  %21 = icmp sgt i64 %20, %1
  br i1 %21, label %.loopexit1, label %5, !llvm.loop !18

.loopexit:                                        ; preds = %15
  br label %22

.loopexit1:                                       ; preds = %18
  br label %22

22:                                               ; preds = %.loopexit1, %.loopexit, %3
  %23 = phi i64 [ -1, %3 ], [ %6, %.loopexit ], [ -1, %.loopexit1 ]
  ret i64 %23
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v16i1(<16 x i1>) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable "min-legal-vector-width"="0" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
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
!9 = !{!7, !7, i64 0}
!10 = distinct !{!10, !11, !12}
!11 = !{!"llvm.loop.mustprogress"}
!12 = !{!"llvm.loop.unroll.disable"}
!13 = distinct !{!13, !11, !12, !14, !15}
!14 = !{!"llvm.loop.isvectorized", i32 1}
!15 = !{!"llvm.loop.unroll.runtime.disable"}
!16 = distinct !{!16, !11, !12}
!17 = distinct !{!17, !11, !12}
!18 = distinct !{!18, !11, !12}
